/**
 * The live channel's address for one attempt (live-protocol.ts describes the channel). A file of
 * its own, free of schemas: the pre-start screen opens the socket before Start and needs only
 * this, and a phone should not download and compile zod for it (issue 32).
 */
export const LIVE_PATH = (interviewId: string) => `/api/interview/${interviewId}/live`;
