import type { CarImage } from '../../../../../domain/contracts/cars.ts';

interface CarPictureProps {
  image: CarImage;
  alt: string;
  /** The width the picture takes on screen at each breakpoint, so the browser picks the smallest width that fills it. */
  sizes: string;
  loading?: 'eager' | 'lazy';
  fetchPriority?: 'high';
  id?: string;
}

/**
 * A car's picture: an uploaded photo offers its WebP widths, then its JPEG widths for a browser
 * without WebP; a drawing is one SVG. Width and height are the picture's own, so its box is
 * reserved before it loads (docs/product/catalogue.md#catalogue).
 */
export function CarPicture({ image, alt, sizes, loading, fetchPriority, id }: CarPictureProps) {
  const img = (
    <img
      id={id}
      src={image.src}
      srcSet={image.srcset ?? undefined}
      sizes={image.srcset ? sizes : undefined}
      alt={alt}
      width={image.width}
      height={image.height}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding="async"
    />
  );
  if (!image.webpSrcset) return img;
  return (
    <picture className="car-picture">
      <source type="image/webp" srcSet={image.webpSrcset} sizes={sizes} />
      {img}
    </picture>
  );
}
