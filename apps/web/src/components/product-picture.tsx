import type { ProductImageVariant } from "@tableorder/domain/contracts/product-image";

/**
 * A product's picture in a box of `size` CSS pixels. Its place is kept before it loads (width and
 * height), it loads only when near the screen, and the browser takes the smallest sized copy that
 * is sharp at its screen's density (a phone showing 72 px at 2x takes the 160 px copy). Decorative:
 * the product's name stands beside it.
 */
export function ProductPicture({
  variants,
  size,
  className,
}: {
  variants: ProductImageVariant[];
  size: number;
  className?: string;
}) {
  const [smallest] = variants;
  if (!smallest) return null;
  return (
    <img
      loading="lazy"
      decoding="async"
      width={size}
      height={Math.round((size * smallest.height) / smallest.width)}
      sizes={`${size}px`}
      srcSet={variants.map((variant) => `${variant.url} ${variant.width}w`).join(", ")}
      src={smallest.url}
      alt=""
      className={className}
      data-testid="product-picture"
    />
  );
}
