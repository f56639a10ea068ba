import { AML_QUESTIONS } from '../enums/boarding.ts';
import type { AmlAnswers } from './forms.ts';

/** The AML answers of a person with nothing to declare: "no" to every question (spec §3 Person). */
export const NO_AML_FINDINGS = Object.fromEntries(AML_QUESTIONS.map((q) => [q, false])) as AmlAnswers;
