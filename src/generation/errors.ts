/**
 * The one error a generation client may throw for a condition of the world rather than a bug: the
 * engine turns it into a `model_unavailable` refusal. Every other error is rethrown.
 */
export class GenerationUnavailableError extends Error {
  override name = 'GenerationUnavailableError';
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}
