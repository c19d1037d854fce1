import type { Config } from '../config';
import { createBuiltinProvider } from './builtin/provider';
import type { BuiltinEvaluator } from './builtin/report-pool';
import { createOpenAiProvider } from './openai';
import type { AiProvider } from './provider';

/**
 * The configured provider (AI_PROVIDER); the key stays on the server. `builtinReport` makes the
 * builtin evaluator's reports (the app's worker pool).
 */
export function createProvider(
  config: Config,
  builtinReport: BuiltinEvaluator['report'],
): AiProvider {
  if (config.AI_PROVIDER === 'openai') {
    return createOpenAiProvider({
      baseUrl: config.AI_BASE_URL,
      apiKey: config.AI_API_KEY,
      model: config.AI_MODEL,
      timeoutMs: config.AI_TIMEOUT_MS,
    });
  }
  return createBuiltinProvider(builtinReport);
}

export { createBuiltinProvider };
export { BuiltinReportError, createReportPool, type ReportPool } from './builtin/report-pool';
