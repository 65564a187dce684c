import { SpanStatusCode, trace, type Context, type ContextManager, type Span, type TextMapPropagator, type Tracer } from '@opentelemetry/api';

/** What the span helpers share: the tracer, the process's context manager and the W3C propagator (no global registration). */
export interface TraceKit {
  tracer: Tracer;
  contexts: ContextManager;
  propagator: TextMapPropagator;
}

/**
 * The current context when it belongs to a trace, else undefined. Database, search and agent calls
 * get a span only inside a trace (a request or a job), so background chatter such as the search
 * sync's polling does not turn into a stream of one-span traces.
 */
export function parentContext(kit: TraceKit): Context | undefined {
  const current = kit.contexts.active();
  return trace.getSpan(current) ? current : undefined;
}

/**
 * Ends `span` when `work` settles: `onResult` records what the answer says, `describeFailure`
 * what a failure was (its `error.type`); a failure marks the span as an error.
 */
export function endWith<T>(span: Span, work: Promise<T>, onResult: (span: Span, result: T) => void, describeFailure: (span: Span, error: unknown) => string): Promise<T> {
  return work.then(
    (result) => {
      onResult(span, result);
      span.end();
      return result;
    },
    (error: unknown) => {
      span.setAttribute('error.type', describeFailure(span, error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
      throw error;
    },
  );
}
