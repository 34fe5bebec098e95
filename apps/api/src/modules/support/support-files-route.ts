/** Where an inquiry's file is downloaded (GET, signed-in admins only). */
export const SUPPORT_FILES_PATH = '/files/support';

export function supportFileUrl(fileId: string): string {
  return `${SUPPORT_FILES_PATH}/${encodeURIComponent(fileId)}`;
}
