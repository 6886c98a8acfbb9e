import { Icon, type IconProps } from "@/components/icons";

/**
 * The tick before the product page's perks and delivery points. Here, not in components/icons: the
 * shared icons load with the shell, and only this page draws a tick.
 */
export function CheckIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </Icon>
  );
}
