/** The help panel beside the form: what a transfer does, in a few lines. */
export function TransferHelp() {
  return (
    <aside className="card wallet-card transfer-help" aria-labelledby="transfer-help-title">
      <h2 id="transfer-help-title" className="wallet-card__title">
        What is a transfer?
      </h2>
      <p className="muted">
        A transfer moves funds between your own accounts. Spot holds what you buy and sell on the spot market; Future
        holds the margin for futures positions.
      </p>
      <ul className="transfer-help__list muted">
        <li>Transfers are instant and free of charge.</li>
        <li>Pick the asset, the From and To accounts, and the amount; Max moves the whole balance.</li>
        <li>Use the swap button to reverse the direction.</li>
        <li>Every transfer appears in the history below.</li>
      </ul>
    </aside>
  );
}
