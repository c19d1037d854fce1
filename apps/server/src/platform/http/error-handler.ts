import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { defaultErrorCode, type ApiErrorBody, type ApiErrorCode } from '@candor/shared';
import { AppError, isDatabaseUnavailable } from '../errors';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Every refusal's body: the status, its text, the message and always a code (ApiErrorBody). */
export function errorBody(
  statusCode: number,
  message: string,
  fields?: Record<string, string>,
  code: ApiErrorCode = defaultErrorCode(statusCode),
): ApiErrorBody {
  return {
    statusCode,
    error: STATUS_TEXT[statusCode] ?? 'Error',
    message,
    code,
    ...(fields ? { fields } : {}),
  };
}
const send = errorBody;

/** The one error handler: 4xx messages name the field; 5xx bodies never leak internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError | Error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      const where = (err as { validationContext?: string }).validationContext ?? 'body';
      for (const issue of err.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || where;
        fields[path] ??= issue.message ?? 'Invalid value';
      }
      const [first] = Object.entries(fields);
      const message = first ? `${first[0]}: ${first[1]}` : 'Invalid request';
      return reply.status(400).send(send(400, message, fields, 'VALIDATION_FAILED'));
    }
    if (err instanceof AppError) {
      return reply
        .status(err.statusCode)
        .send(send(err.statusCode, err.message, err.fields, err.code));
    }
    // Constraint violations that slipped past a service's own checks (a race): a clear 409.
    const pgCode =
      (err as { code?: unknown; cause?: { code?: unknown } }).code ??
      (err as { cause?: { code?: unknown } }).cause?.code;
    if (pgCode === '23505') {
      return reply.status(409).send(send(409, 'This already exists', undefined, 'ALREADY_EXISTS'));
    }
    if (pgCode === '23503') {
      return reply.status(409).send(send(409, 'This item is still in use', undefined, 'IN_USE'));
    }
    if (isDatabaseUnavailable(err)) {
      request.log.error({ err }, 'database unavailable');
      return reply
        .status(503)
        .send(send(503, 'The database is unavailable. Please try again shortly.'));
    }
    const status = (err as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return reply.status(status).send(send(status, err.message));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(send(500, 'An unexpected error occurred'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(send(404, `Route ${request.method} ${request.url.split('?')[0]} not found`));
  });
}
