/** The LTI 1.3 core and AGS claim names (1EdTech LTI 1.3 core, section 5; AGS 2.0, section 3). */
const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
export const CLAIM = {
  messageType: `${LTI}message_type`,
  version: `${LTI}version`,
  deploymentId: `${LTI}deployment_id`,
  targetLinkUri: `${LTI}target_link_uri`,
  resourceLink: `${LTI}resource_link`,
  roles: `${LTI}roles`,
  custom: `${LTI}custom`,
  context: `${LTI}context`,
  agsEndpoint: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
} as const;

export const RESOURCE_LINK_REQUEST = 'LtiResourceLinkRequest';
export const LTI_VERSION = '1.3.0';
export const AGS_SCORE_SCOPE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';
export const SCORE_MEDIA_TYPE = 'application/vnd.ims.lis.v1.score+json';
export const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** The tool's endpoints, outside /api: the platform posts to them from its own origin. */
export const LTI_PATHS = {
  login: '/lti/login',
  launch: '/lti/launch',
  jwks: '/.well-known/jwks.json',
} as const;

/** A launch begun at login initiation must come back within this (the platform's form post). */
export const LAUNCH_STATE_TTL_MS = 10 * 60_000;
/** The state cookie's name: one per launch begun, so two tabs launching at once both succeed. */
export const stateCookieName = (state: string) => `candor-lti-${state.slice(0, 12)}`;

/** Score passback: how many tries, and for how long after the score changed (decision 047). */
export const SCORE_SEND = {
  maxTries: 8,
  lifetimeMs: 24 * 3_600_000,
  firstDelayMs: 30_000,
  maxDelayMs: 2 * 3_600_000,
  everyMs: 15_000,
  batch: 20,
} as const;
