import type { FastifyInstance } from 'fastify';
import { meteredProvider } from '../../ai/metered';
import type { AiProvider } from '../../ai/provider';
import { recordingUsage } from '../../ai/usage';
import { recordingSpeechUsage, type SpeechServices } from '../speech';
import { aiUsageRoutes } from './routes';
import { aiPrices, createUsageRecorder, type BatchedUsageRecorder } from './service';

/**
 * AI usage (issue 17): every call made for an attempt leaves its usage and estimated cost, the
 * model's tokens and the seconds and characters of server speech; administrators read them
 * (analytics). Takes the provider and the speech services the app chose and answers them
 * recorded (and, with metrics on, metered: every token would pass through the meter). The rows
 * wait for their batch; what the stopped turns and reports recorded is written when the app
 * closes, after them (registered before them: onClose hooks run last-in first-out).
 */
export async function registerAiUsage(
  app: FastifyInstance,
  options: { provider: AiProvider; speech: SpeechServices; usage?: BatchedUsageRecorder },
): Promise<{ provider: AiProvider; speech: SpeechServices }> {
  const { config, db, now, metrics } = app.deps;
  const usage =
    options.usage ?? createUsageRecorder({ db, prices: aiPrices(config), log: app.log, now });
  app.addHook('onClose', () => usage.flush());
  await app.register(aiUsageRoutes, { prefix: '/api' });
  const metered = metrics.enabled
    ? meteredProvider(options.provider, metrics.aiCall)
    : options.provider;
  return {
    provider: recordingUsage(metered, usage.record),
    speech: recordingSpeechUsage(options.speech, usage.record, {
      transcription: config.STT_MODEL,
      voice: config.TTS_MODEL,
    }),
  };
}
