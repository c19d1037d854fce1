import { PRODUCT_NAME } from '@candor/shared';

/**
 * What a page shows from its first paint until its screen is ready: the product's mark in the
 * middle of the screen. index.html draws the same markup before any script has arrived (a phone
 * on a slow network otherwise shows a blank page for seconds); the router and the session guards
 * render this while they wait, so nothing flickers in between. It is small on purpose: the
 * screen's own content, not this, is what a visitor waits for.
 */
export function Splash() {
  return (
    <div className="fixed inset-0 flex items-center justify-center" data-testid="splash">
      <div className="flex items-center gap-2 text-base font-semibold text-muted-foreground">
        <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
          <svg
            xmlns="http://www.w3.org/2000/svg"
            viewBox="0 0 24 24"
            width="16"
            height="16"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <path d="M12 19v3" />
            <path d="M19 10v2a7 7 0 0 1-14 0v-2" />
            <rect x="9" y="2" width="6" height="13" rx="3" />
          </svg>
        </span>
        {PRODUCT_NAME}
      </div>
    </div>
  );
}
