import { InferredVersionSchema, type InferredVersion } from '@cairn/shared/schemas/versions';

/** The answer of `POST /v2/version/infer`: what the API read from an uploaded file's manifest. */
export const VersionInferenceSchema = InferredVersionSchema;
export type VersionInference = InferredVersion;
