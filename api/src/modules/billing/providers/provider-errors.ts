/**
 * A provider refused a call (unknown payment method, refund larger than the payment…). Both
 * providers throw it for 4xx answers; billing turns it into a 4xx naming the field.
 */
export class ProviderRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
