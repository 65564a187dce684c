import { Icon, type IconProps } from '../../../components/ui/icons';

/** Icons only project pages use (the catalogue's shared ones are in components/ui/content-icons). */
const icon = (d: string) =>
  function ProjectPageIcon(p: IconProps) {
    return (
      <Icon {...p}>
        <path d={d} />
      </Icon>
    );
  };

export const HeartFilledIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7a4.3 4.3 0 0 1 7.5 2.8C19.5 15.4 12 20 12 20z" fill="currentColor" />
  </Icon>
);
export const MoreIcon = icon('M12 6h.01M12 12h.01M12 18h.01');
export const CrownIcon = icon('M4 8l4 4 4-6 4 6 4-4-2 10H6z');
export const FlagIcon = icon('M5 21V4M5 4h11l-2 4 2 4H5');
export const LinkIcon = icon('M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1');
export const ZoomIcon = icon('M17.5 11a6.5 6.5 0 1 1-13 0 6.5 6.5 0 0 1 13 0zM16 16l4.5 4.5M11 8.5v5M8.5 11h5');
