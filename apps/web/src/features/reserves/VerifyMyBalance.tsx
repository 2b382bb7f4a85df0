import { Fragment, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { verifyProof, type ProofFile, type Verification, type VerifyStep } from '@exchange/contract/reserves';
import { ApiError, errorMessage } from '../../shared/api/http';
import { formatExact } from '../../shared/format/number';
import { Spinner } from '../../shared/ui/Spinner';
import { fetchMyProof } from './api';

type State = { kind: 'idle' } | { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'done'; proof: ProofFile; result: Verification; href: string };

/** The step's name as the page shows it; nodes are numbered from the leaf up (the file, leaf id and leaf come first). */
function useStepLabel() {
  const { t } = useLingui();
  return (step: VerifyStep, node: number) => {
    switch (step.kind) {
      case 'file':
        return t`The proof file is well formed`;
      case 'leaf-id':
        return t`Leaf id recomputed from your user id and nonce`;
      case 'leaf':
        return t`Leaf hashed from your balances`;
      case 'node':
        return t`Node ${node} hashed with its sibling and sums`;
      case 'root':
        return t`The computed root is the published root`;
    }
  };
}

/** A canonical amount (18 fraction digits) as the page writes amounts: no trailing zeros, the reader's separators. */
function plainAmount(canonical: string): string {
  return formatExact(canonical.includes('.') ? canonical.replace(/\.?0+$/, '') : canonical);
}

/** The standalone verifier's command line for the downloaded file: a command, typed the same in every language. */
function verifyCommand(snapshotId: string, root: string): string {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a command line, not words
  return `npx verify-reserves ${fileName(snapshotId)} ${root}`;
}

function fileName(snapshotId: string): string {
  return `proof-of-reserves-${snapshotId}.json`;
}

function downloadHref(proof: ProofFile): string {
  return URL.createObjectURL(new Blob([JSON.stringify(proof, null, 2)], { type: 'application/json' }));
}

/**
 * "Verify my balance": fetches the user's proof file and checks it here, every hash (WebCrypto)
 * and sum done again by the shared pure code, against the root the public call published (not
 * the file's own).
 */
export function VerifyMyBalance({ uid, publishedRoot }: { uid: number; publishedRoot: string }) {
  const { t } = useLingui();
  const label = useStepLabel();
  const [state, setState] = useState<State>({ kind: 'idle' });

  const run = async () => {
    if (state.kind === 'done') URL.revokeObjectURL(state.href);
    setState({ kind: 'loading' });
    try {
      const proof = await fetchMyProof(uid);
      // WebCrypto's SHA-256, the browser's own: the page runs no hash of ours on the proof.
      setState({ kind: 'done', proof, result: await verifyProof(proof, publishedRoot), href: downloadHref(proof) });
    } catch (err) {
      // The two refusals a user meets in normal use, in the page's language (the server's words are English).
      const code = err instanceof ApiError ? err.code : undefined;
      const message =
        code === 'NOT_IN_RESERVES_SNAPSHOT'
          ? t`Your account held nothing when the latest snapshot was taken, so it has no leaf in the tree yet. The next daily snapshot will count it.`
          : code === 'NO_RESERVES_SNAPSHOT'
            ? t`No snapshot has been taken yet.`
            : errorMessage(err, t`Your proof could not be loaded.`, t`No connection. Check your network and try again.`);
      setState({ kind: 'error', message });
    }
  };

  return (
    <section className="card por-verify" aria-labelledby="por-verify-title">
      <h2 id="por-verify-title">
        <Trans>Verify my balance</Trans>
      </h2>
      <p className="muted">
        <Trans>Your browser downloads your proof file and recomputes every hash and sum from your leaf up to the root. Nothing the server computed is trusted.</Trans>
      </p>
      <button type="button" className="btn btn-primary" onClick={() => void run()} disabled={state.kind === 'loading'}>
        <Trans>Verify my balance</Trans>
      </button>
      {state.kind === 'loading' && <Spinner label={t`Verifying`} />}
      {state.kind === 'error' && (
        <p className="por-verify__error" role="alert">
          {state.message}
        </p>
      )}
      {state.kind === 'done' && (
        <>
          <ol className="por-steps" aria-label={t`Verification steps`}>
            {state.result.steps.map((step, i) => {
              return (
                <li key={i} className={step.ok ? 'por-step por-step--ok' : 'por-step por-step--fail'} data-testid="por-step" data-ok={step.ok}>
                  <span className="por-step__mark" aria-hidden="true">
                    {step.ok ? '✓' : '✗'}
                  </span>
                  <span className="por-step__text">
                    <span>{label(step, i - 2)}</span>
                    <span className="sr-only">{step.ok ? t`passed` : t`failed`}</span>
                    {step.hash && <code className="por-hash">{step.hash}</code>}
                  </span>
                </li>
              );
            })}
          </ol>
          <p role="status" className={state.result.ok ? 'por-verdict por-verdict--ok' : 'por-verdict por-verdict--fail'}>
            {state.result.ok ? <Trans>Verified: your balances are counted in the published total.</Trans> : <Trans>Verification failed: this proof does not lead to the published root.</Trans>}
          </p>
          {state.result.ok && (
            <div className="por-mine">
              <h3 id="por-mine-title">
                <Trans>Your balances in this snapshot</Trans>
              </h3>
              <dl className="por-facts" aria-labelledby="por-mine-title" data-testid="por-mine">
                {state.proof.assets.map((asset, k) =>
                  /^0\.0+$/.test(state.proof.balances[k] ?? '0') ? null : (
                    <Fragment key={asset}>
                      <dt>{asset}</dt>
                      <dd>{plainAmount(state.proof.balances[k]!)}</dd>
                    </Fragment>
                  ),
                )}
              </dl>
            </div>
          )}
          <p className="muted">
            <a href={state.href} download={fileName(state.proof.snapshotId)}>
              <Trans>Download the proof file</Trans>
            </a>{' '}
            <Trans>and check it yourself with the standalone verifier from the source code:</Trans>{' '}
            <code className="por-hash">{verifyCommand(state.proof.snapshotId, publishedRoot)}</code>
          </p>
        </>
      )}
    </section>
  );
}
