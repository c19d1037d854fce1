import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { interviewSetupSchema } from '@candor/shared';
import type { SpeechServices } from './services';
import { speechModes } from './live-speech';

export interface SpeechRoutesOptions {
  /** Server transcription and voice (STT_PROVIDER, TTS_PROVIDER); null where the browser does it. */
  speech: SpeechServices;
}

/**
 * Who recognises and speaks (STT_PROVIDER, TTS_PROVIDER): the pre-start screen offers a spoken
 * interview in browsers without Web Speech when the server recognises (decision 022), and says
 * whether coaches may listen to the recordings.
 */
export const speechRoutes: FastifyPluginAsyncZod<SpeechRoutesOptions> = async (app, options) => {
  // Before anything is read: an anonymous caller gets 401.
  app.addHook('onRequest', app.deps.guards.candidate);
  app.get(
    '/interview/speech',
    { schema: { tags: ['interviews'], response: { 200: interviewSetupSchema } } },
    async () => ({
      ...speechModes(options.speech),
      coachesMayListen: app.deps.config.COACH_REVIEW_RECORDINGS,
    }),
  );
};
