/** The first stop of the Tab key: jumps past the navigation to the page's main content. */
export function SkipLink({ target = 'main' }: { target?: string }) {
  return (
    <a
      href={`#${target}`}
      // Moves focus without touching the address (a hash would become a router navigation).
      onClick={(event) => {
        const main = document.getElementById(target);
        if (!main) return;
        event.preventDefault();
        main.focus();
      }}
      // Parked above the viewport until focused, then slides in over the top bar.
      className="fixed left-4 top-3 z-50 -translate-y-24 rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground transition-transform focus:translate-y-0 focus:shadow-lg motion-reduce:transition-none"
    >
      Skip to content
    </a>
  );
}
