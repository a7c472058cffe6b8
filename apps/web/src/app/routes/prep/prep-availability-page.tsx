import { useCuisineMenu } from "../../../features/product-availability/api/get-cuisine-menu.ts";
import { AvailabilityEditor } from "../../../features/product-availability/components/availability-editor.tsx";
import { usePrepContext } from "./prep-context.ts";

/** /service/prep/availability: the area's products on and off (spec 2 §2.1, §4.7). */
export default function PrepAvailabilityPage() {
  const { area } = usePrepContext();
  return <AvailabilityEditor menu={useCuisineMenu(area.areaId)} staff="kitchen" />;
}
