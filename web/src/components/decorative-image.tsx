import { uploadSrcSet } from "@shop/contract/images";

type DecorativeImageProps = {
  src: string;
  /** The drawn width in CSS pixels. */
  width: number;
  /** The drawn height; the width when not given (a square). */
  height?: number;
  /** Below the fold: fetched once near the screen, decoded off the main thread. */
  lazy?: boolean;
  /** Decoded off the main thread though not lazy (a list that shows at once). */
  decodeAsync?: boolean;
  /** An upload's smaller copies (a phone's 2× screen picks one), drawn at `width` pixels. */
  responsive?: boolean;
  className?: string;
};

/**
 * A picture beside the words that already name what it shows (a product's, a reviewer's or a
 * category's name): its alt text is empty, so a screen reader does not read the name twice.
 */
export function DecorativeImage({
  src,
  width,
  height = width,
  lazy = false,
  decodeAsync = lazy,
  responsive = false,
  className,
}: DecorativeImageProps) {
  return (
    <img
      src={src}
      srcSet={responsive ? uploadSrcSet(src) : undefined}
      sizes={responsive ? `${width}px` : undefined}
      alt=""
      width={width}
      height={height}
      loading={lazy ? "lazy" : undefined}
      decoding={decodeAsync ? "async" : undefined}
      className={className}
    />
  );
}
