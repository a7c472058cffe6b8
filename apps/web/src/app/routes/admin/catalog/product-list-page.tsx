/** {admin}/… placeholder until the catalogue/settings screens land (owned by the catalogue helper). */
export default function Placeholder() {
  return <p data-testid="admin-placeholder-product-list-page">…</p>;
}
