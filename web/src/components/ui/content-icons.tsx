import { Icon, type IconProps } from './icons';

/**
 * Icons of the catalogue pages (search, projects, profiles), each one path. Kept apart from
 * `icons.tsx`, which the shell loads on every page, so they travel with the pages that use them.
 */
const icon = (d: string) =>
  function ContentIcon(p: IconProps) {
    return (
      <Icon {...p}>
        <path d={d} />
      </Icon>
    );
  };

export const SearchIcon = icon('M17.5 11a6.5 6.5 0 1 1-13 0 6.5 6.5 0 0 1 13 0zM16 16l4.5 4.5');
export const FilterIcon = icon('M4 5h16l-6 7.5V19l-4-2v-4.5z');
export const ListViewIcon = icon('M4 5h4v4H4zM4 15h4v4H4zM11 7h9M11 17h9');
export const GridViewIcon = icon('M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z');
export const GalleryViewIcon = icon('M4 4h16v10H4zM4 18h16M4 21h10');
export const HeartIcon = icon('M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7a4.3 4.3 0 0 1 7.5 2.8C19.5 15.4 12 20 12 20z');
export const BanIcon = icon('M20.5 12a8.5 8.5 0 1 1-17 0 8.5 8.5 0 0 1 17 0zM6 6l12 12');
export const ChevronLeftIcon = icon('M15 6l-6 6 6 6');
export const ChevronRightIcon = icon('M9 6l6 6-6 6');
export const CalendarIcon = icon('M4 5h16v15H4zM4 10h16M9 3v4M15 3v4');
export const ImageIcon = icon('M4 5h16v14H4zM4 16l4.5-4.5 4 4 2.5-2.5 5 5M16.5 9.5a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0z');
