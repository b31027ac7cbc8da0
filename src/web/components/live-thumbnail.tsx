/**
 * A room's live still, where live thumbnails may be shown (SPEC §4, §6): in the ranking rows, the
 * search's cards, a list's rows and a performer's profile. One that does not load is hidden rather
 * than shown broken. `lazy` (the default) for stills below the fold.
 */
export function LiveThumbnail({
  className,
  src,
  username,
  width,
  height,
  lazy = true,
}: {
  className: string;
  src: string;
  username: string;
  width: number;
  height: number;
  lazy?: boolean;
}) {
  return (
    <img
      className={className}
      src={src}
      alt={`${username} live now`}
      width={width}
      height={height}
      loading={lazy ? "lazy" : undefined}
      decoding={lazy ? "async" : undefined}
      onError={(event) => {
        event.currentTarget.hidden = true;
      }}
    />
  );
}
