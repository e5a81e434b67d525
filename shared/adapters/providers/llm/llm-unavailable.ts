/** The error every LLM caller throws when the provider in force does not answer: a dependency failure, never the caller's fault. */
import { UnavailableError } from '#shared/errors/app-error.ts';
import { errorText } from '#shared/errors/error-text.ts';

export class LlmUnavailableError extends UnavailableError {
  override name = 'LlmUnavailableError';
  constructor(message: string, cause?: unknown) {
    super(message, 'llm.unavailable', { cause });
  }
}

/** "openai did not answer: 500 Internal Server Error". */
export const llmDidNotAnswer = (provider: string, err: unknown) => new LlmUnavailableError(`${provider} did not answer: ${errorText(err)}`, err);
