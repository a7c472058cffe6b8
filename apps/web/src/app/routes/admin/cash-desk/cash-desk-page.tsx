/** {admin}/cash-desk/* placeholder until the cash desk's preparation-area tab lands. */
export default function Placeholder() {
  return <p data-testid="admin-placeholder-cash-desk">…</p>;
}
