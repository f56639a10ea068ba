/** Kept for existing imports: the formatters are the one formatting module, `shared/format`. */
export { useFormat as useFormatters } from '../format/use-format.ts';
