import net from 'node:net';
import { waitText, type Portal } from '@candor/shared';
import type { Config } from '../../config';
import type { Throttle, ThrottleRule } from './throttle';

/**
 * How sign-in is throttled (decision 017). A lab of thirty people behind one address must all get
 * in, while password guessing must not:
 * - failed sign-ins per account (the same password opens both portals, so one count for both);
 * - failed sign-ins per address, per portal (one address spraying a password over many accounts);
 * - every attempt at a door per address, per portal (sign-in, sign-up, password reset): a generous
 *   ceiling, so floods of any kind stay bounded.
 * A sign-in that succeeds, or fails for a reason other than the password, counts as an attempt
 * only. The administrator's portal counts apart, so a busy lab never locks the administrator out.
 */
export interface SignInLimits {
  accountFailures: ThrottleRule;
  addressFailures: ThrottleRule;
  addressAttempts: ThrottleRule;
}

export function signInLimits(
  config: Pick<
    Config,
    | 'SIGN_IN_RATE_LIMIT'
    | 'SIGN_IN_RATE_WINDOW_SECONDS'
    | 'SIGN_IN_ADDRESS_FAILURE_LIMIT'
    | 'SIGN_IN_ADDRESS_LIMIT'
  >,
): SignInLimits {
  const windowSeconds = config.SIGN_IN_RATE_WINDOW_SECONDS;
  const perAccount = config.SIGN_IN_RATE_LIMIT;
  return {
    accountFailures: { limit: perAccount, windowSeconds },
    addressFailures: {
      limit: config.SIGN_IN_ADDRESS_FAILURE_LIMIT ?? 10 * perAccount,
      windowSeconds,
    },
    addressAttempts: { limit: config.SIGN_IN_ADDRESS_LIMIT ?? 60 * perAccount, windowSeconds },
  };
}

/** What a better-auth path (below the portal's base path) is, for counting. */
export type Door = 'sign-in' | 'reset-request' | 'attempt';

export function doorOf(path: string): Door | null {
  if (path === '/sign-in/email') return 'sign-in';
  if (path === '/request-password-reset') return 'reset-request';
  if (
    path === '/sign-up/email' ||
    path.startsWith('/sign-in/') ||
    path === '/reset-password' ||
    path.startsWith('/reset-password/')
  ) {
    return 'attempt';
  }
  return null;
}

export type RefusalReason = 'account' | 'address';

export interface Refusal {
  reason: RefusalReason;
  retryAfterSeconds: number;
}

/** The 429's message: what was counted and how long to wait (the sign-in screens show it). */
export function refusalMessage(door: Door, refusal: Refusal): string {
  const wait = waitText(refusal.retryAfterSeconds);
  if (refusal.reason === 'account') {
    return door === 'reset-request'
      ? `Too many password-reset requests for this account. Please wait ${wait} and try again.`
      : `Too many failed sign-ins for this account. Please wait ${wait} and try again.`;
  }
  return `Too many attempts from your network. Please wait ${wait} and try again.`;
}

/**
 * The address a count is kept under: IPv4 as it is (an IPv4-mapped IPv6 address as its IPv4),
 * IPv6 by its /64 network, since one client usually holds a whole /64.
 */
export function addressKey(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (net.isIPv6(address)) {
    const [head = '', tail = ''] = address.toLowerCase().split('::');
    const left = head ? head.split(':') : [];
    const right = address.includes('::') ? (tail ? tail.split(':') : []) : [];
    const groups = [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
    return `${groups
      .slice(0, 4)
      .map((g) => Number.parseInt(g, 16).toString(16))
      .join(':')}::/64`;
  }
  return address;
}

/** The e-mail a sign-in or reset request names, as accounts are looked up (trimmed, lower case). */
export function requestedEmail(body: unknown): string | null {
  const email = (body as { email?: unknown } | null | undefined)?.email;
  if (typeof email !== 'string') return null;
  const normalised = email.trim().toLowerCase();
  return normalised.length > 0 && normalised.length <= 320 ? normalised : null;
}

/** A request let through: `settle` with the answer's status once better-auth has answered. */
export interface Admission {
  refused: Refusal | null;
  settle(status: number): Promise<void>;
}

const nothingToSettle = async () => undefined;

/**
 * Counts a request at a door before better-auth sees it. A sign-in takes one from its account's
 * failure allowance up front (so parallel guesses, even on several processes, cannot all pass a
 * check made before any failure is written) and gives it back unless the password was wrong.
 */
export async function admit(
  throttle: Throttle,
  limits: SignInLimits,
  request: { portal: Portal; door: Door; ip: string; email: string | null },
): Promise<Admission> {
  const { portal, door, email } = request;
  const address = addressKey(request.ip);
  const refuse = (reason: RefusalReason, retryAfterSeconds: number): Admission => ({
    refused: { reason, retryAfterSeconds },
    settle: nothingToSettle,
  });

  const attempt = await throttle.take(`attempts:${portal}:${address}`, limits.addressAttempts);
  if (!attempt.allowed) return refuse('address', attempt.retryAfterSeconds);

  if (door === 'reset-request' && email) {
    const perAccount = await throttle.take(`reset:${email}`, limits.accountFailures);
    if (!perAccount.allowed) return refuse('account', perAccount.retryAfterSeconds);
  }
  if (door !== 'sign-in') return { refused: null, settle: nothingToSettle };

  const failuresKey = `failures:${portal}:${address}`;
  const fromAddress = await throttle.check(failuresKey, limits.addressFailures);
  if (!fromAddress.allowed) return refuse('address', fromAddress.retryAfterSeconds);
  const accountKey = email ? `account:${email}` : null;
  if (accountKey) {
    const forAccount = await throttle.take(accountKey, limits.accountFailures);
    if (!forAccount.allowed) return refuse('account', forAccount.retryAfterSeconds);
  }
  return {
    refused: null,
    async settle(status) {
      // 401 is better-auth's "Invalid email or password"; anything else was not a wrong password.
      if (status === 401) {
        await throttle.add(failuresKey, limits.addressFailures);
      } else if (accountKey) {
        await throttle.giveBack(accountKey);
      }
    },
  };
}
