import type { Box } from './placement';

/** Space left around the target inside the cut-out. */
const PAD = 8;

/**
 * Dims the page and blocks clicks on it while the tour runs. With a target, the dimming is the
 * huge box-shadow of a box placed over the target, which leaves it visible as a cut-out.
 */
export function Spotlight({ box }: { box: Box | null }) {
  return (
    <>
      <div className={box ? 'tour-blocker' : 'tour-blocker tour-blocker--dim'} aria-hidden />
      {box && (
        <div
          className="tour-spotlight"
          data-testid="tour-spotlight"
          aria-hidden
          style={{ top: box.top - PAD, left: box.left - PAD, width: box.width + 2 * PAD, height: box.height + 2 * PAD }}
        />
      )}
    </>
  );
}
