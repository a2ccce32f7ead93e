/** Status colours with white text at ≥ 4.5:1 contrast (axe color-contrast: yellow, green and orange 9 fail). */
export const STATUS_COLOR: Record<string, string> = {
  Pending: 'blue.9',
  Approved: 'teal.9',
  Denied: 'red.9',
  Expired: 'gray.7',
  'Under Review': 'grape.9',
};
