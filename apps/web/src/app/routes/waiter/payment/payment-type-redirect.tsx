import { Navigate, useLocation, useParams } from "react-router";
import { NotFoundPage } from "../../not-found-page.tsx";

/** full-payment, partial-payment, gift-payment on their own: the type's first step (spec 2 §2.2). */
export default function PaymentTypeRedirect() {
  const { type } = useParams();
  const { search } = useLocation();
  const next = {
    "full-payment": "choose-payment-method",
    "partial-payment": "select-products",
    "gift-payment": "select-products",
  }[type ?? ""];
  if (!next) return <NotFoundPage />;
  return <Navigate to={`${next}${search}`} relative="path" replace />;
}
