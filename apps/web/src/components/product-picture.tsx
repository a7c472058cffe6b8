import type { ProductImageVariant } from "@tableorder/domain/contracts/product-image";

/**
 * A product's picture in a box of `size` CSS pixels, or as wide as the layout makes it where
 * `sizes` says how wide that is (a media condition list, as the attribute takes it). Its place is
 * kept before it loads (width and height), it loads only when near the screen, and the browser
 * takes the smallest sized copy that is sharp at its screen's density (a phone showing 72 px at 2x
 * takes the 160 px copy). Decorative: the product's name stands beside it.
 */
export function ProductPicture({
  variants,
  size,
  sizes = `${size}px`,
  className,
  testId = "product-picture",
}: {
  variants: ProductImageVariant[];
  size: number;
  sizes?: string;
  className?: string;
  testId?: string;
}) {
  const [smallest] = variants;
  if (!smallest) return null;
  return (
    <img
      loading="lazy"
      decoding="async"
      width={size}
      height={Math.round((size * smallest.height) / smallest.width)}
      sizes={sizes}
      srcSet={variants.map((variant) => `${variant.url} ${variant.width}w`).join(", ")}
      src={smallest.url}
      alt=""
      className={className}
      data-testid={testId}
    />
  );
}
