import type { Config } from '../config';
import { createBuiltinProvider } from './builtin/provider';
import { createOpenAiProvider } from './openai';
import type { AiProvider } from './provider';

/** The configured provider (AI_PROVIDER); the key stays on the server. */
export function createProvider(config: Config): AiProvider {
  if (config.AI_PROVIDER === 'openai') {
    return createOpenAiProvider({
      baseUrl: config.AI_BASE_URL,
      apiKey: config.AI_API_KEY,
      model: config.AI_MODEL,
      timeoutMs: config.AI_TIMEOUT_MS,
    });
  }
  return createBuiltinProvider();
}

export { createBuiltinProvider };
