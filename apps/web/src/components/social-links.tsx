import { useTranslation } from "../lib/i18n.ts";
import styles from "./social-links.module.css";

// The four social networks of spec 1 §1, each a small inline icon (no icon font on the guest's phone).
const SOCIAL = [
  {
    name: "Facebook",
    href: "https://www.facebook.com/tableorder",
    path: "M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.6c0-.4.3-.6.7-.6Z",
  },
  {
    name: "Instagram",
    href: "https://www.instagram.com/tableorder",
    path: "M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5Zm0 2a3 3 0 0 0-3 3v8a3 3 0 0 0 3 3h8a3 3 0 0 0 3-3V8a3 3 0 0 0-3-3H8Zm4 3.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7Zm0 2a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3ZM17 6a1 1 0 1 1 0 2 1 1 0 0 1 0-2Z",
  },
  {
    name: "LinkedIn",
    href: "https://www.linkedin.com/company/tableorder",
    path: "M4 9h4v12H4V9Zm2-6a2 2 0 1 1 0 4 2 2 0 0 1 0-4Zm4 6h4v1.7c.6-1 1.9-2 3.9-2 4 0 4.1 2.6 4.1 6V21h-4v-5.6c0-1.4 0-3.1-1.9-3.1S14 13.8 14 15.3V21h-4V9Z",
  },
  {
    name: "TikTok",
    href: "https://www.tiktok.com/@tableorder",
    path: "M14 3h3.2c.2 1.9 1.6 3.4 3.8 3.6v3.2c-1.4 0-2.7-.4-3.8-1.1V15a6 6 0 1 1-6-6h.5v3.3H11a2.7 2.7 0 1 0 3 2.7V3Z",
  },
] as const;

/** The company's four social networks: in the site footer and in the guest's account menu. */
export function SocialLinks({ size = "md" }: { size?: "sm" | "md" }) {
  const { t } = useTranslation();
  return (
    <ul className={`${styles.social} ${size === "sm" ? styles.small : ""}`} aria-label={t("site.social")}>
      {SOCIAL.map((network) => (
        <li key={network.name}>
          <a href={network.href} target="_blank" rel="noopener noreferrer" className={styles.link} data-testid="social-link">
            <span className="visually-hidden">{network.name}</span>
            <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
              <path d={network.path} />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
