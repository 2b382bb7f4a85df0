import { Trans } from '@lingui/react/macro';

/** The help panel beside the form: what a transfer does, in a few lines. */
export function TransferHelp() {
  return (
    <aside className="card wallet-card transfer-help" aria-labelledby="transfer-help-title">
      <h2 id="transfer-help-title" className="wallet-card__title">
        <Trans>What is a transfer?</Trans>
      </h2>
      <p className="muted">
        <Trans>
          A transfer moves funds between your own accounts. Funding is where deposits land; Spot holds what you buy and
          sell on the spot market; Future holds the margin for futures positions.
        </Trans>
      </p>
      <ul className="transfer-help__list muted">
        <li>
          <Trans>Transfers are instant and free of charge.</Trans>
        </li>
        <li>
          <Trans>Pick the asset, the From and To accounts, and the amount; Max moves the whole balance.</Trans>
        </li>
        <li>
          <Trans>Use the swap button to reverse the direction.</Trans>
        </li>
        <li>
          <Trans>Every transfer appears in the history below.</Trans>
        </li>
      </ul>
    </aside>
  );
}
