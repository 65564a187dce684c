import { AVATAR_EXTENSIONS } from '@cairn/shared/schemas/users';

/** The extension the API expects for an image file, from its type or its name. */
export function imageExtension(file: File): string | undefined {
  const fromType = file.type.startsWith('image/') ? file.type.slice('image/'.length) : '';
  const fromName = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  return [fromType, fromName].find((ext): ext is string => (AVATAR_EXTENSIONS as readonly string[]).includes(ext));
}
