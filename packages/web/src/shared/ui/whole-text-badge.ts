/**
 * Badge styles for status phrases ('Awaiting approval', 'Не отправлено'): the badge keeps its whole
 * text and width, so a narrow table column or a phone card grows or wraps around it instead of
 * cutting it to 'A…'. Pass as `styles` (with `tt="none"` where the phrase should keep its case).
 */
export const WHOLE_TEXT_BADGE = {
  root: { flexShrink: 0, maxWidth: 'none', overflow: 'visible' },
  label: { overflow: 'visible', textOverflow: 'clip' },
} as const;
