import { useTranslation } from "~/i18n/react";

/** Pictures a player sent (feedback, a promotion's application) as thumbnails linking to the full picture. */
export function PictureLinks({ images }: { images: string[] }) {
  const { t } = useTranslation();
  if (images.length === 0) return null;
  return (
    <p className="flex gap-2">
      {images.map((src, i) => (
        <a key={src} href={src} target="_blank" rel="noopener">
          <img
            src={src}
            alt={t("feedback.picture", { n: i + 1 })}
            width={64}
            height={64}
            loading="lazy"
            className="h-16 w-16 rounded object-cover"
          />
        </a>
      ))}
    </p>
  );
}
