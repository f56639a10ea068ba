import { Badge, Paper, Tabs } from '@mantine/core';
import { questionnairesRequired } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../shared/ui/index.ts';
import type { FormsView } from '../api.ts';
import type { Form } from '../forms/company-fields.tsx';
import { PaymentServicesSection, QuestionnaireSection } from '../forms/company-sections.tsx';
import { CryptoSection, PfpSection } from '../forms/questionnaire-sections.tsx';
import { PdfsTab } from './pdfs-tab.tsx';
import { PersonsSection } from './persons-section.tsx';

const TABS = ['questionnaire', 'paymentServices', 'persons', 'crypto', 'pfp', 'pdfs'] as const;
type Tab = (typeof TABS)[number];

/** The questionnaires that only some companies answer, with their notes when not (or not yet) required. */
const OPTIONAL_QUESTIONNAIRES = {
  crypto: {
    Section: CryptoSection,
    note: 'wizard:appforms.cryptoNote',
    unanswered: 'wizard:appforms.cryptoUnanswered',
  },
  pfp: { Section: PfpSection, note: 'wizard:appforms.pfpNote', unanswered: 'wizard:appforms.pfpUnanswered' },
} as const;

interface AppFormsTabsProps {
  form: Form;
  view: FormsView;
  isEditable: boolean;
  canChoosePrincipal: boolean;
}

/** The sections of the application forms as tabs (the open tab is in the URL's `tab`). */
export function AppFormsTabs({ form, view, isEditable, canChoosePrincipal }: AppFormsTabsProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((x) => x === params.get('tab')) ?? 'questionnaire';
  // The crypto and PFP questionnaires follow the activity answers of the main questionnaire.
  const required = questionnairesRequired(form.watch('company'));
  const tabState = (x: Tab) =>
    x === 'crypto' || x === 'pfp'
      ? required[x] === undefined
        ? 'unanswered'
        : required[x]
          ? 'required'
          : 'notRequired'
      : null;

  return (
    <Tabs
      value={tab}
      onChange={(next) => setParams(next ? { tab: next } : {}, { replace: true })}
      keepMounted={false}
    >
      <Tabs.List>
        {TABS.map((x) => (
          <Tabs.Tab
            key={x}
            value={x}
            data-tab={x}
            data-state={tabState(x) ?? undefined}
            rightSection={
              tabState(x) === 'required' ? (
                <Badge size="xs" color="orange" variant="light">
                  {t('wizard:appforms.requiredBadge')}
                </Badge>
              ) : tabState(x) === 'notRequired' ? (
                <Badge size="xs" color="gray" variant="light">
                  {t('wizard:appforms.notRequiredBadge')}
                </Badge>
              ) : null
            }
          >
            {t(`wizard:appforms.tabs.${x}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Paper p="md" mt="md" withBorder radius="md">
        <Tabs.Panel value="questionnaire">
          <QuestionnaireSection form={form} readOnly={!isEditable} />
        </Tabs.Panel>
        <Tabs.Panel value="paymentServices">
          <PaymentServicesSection form={form} readOnly={!isEditable} />
        </Tabs.Panel>
        <Tabs.Panel value="persons">
          <PersonsSection
            persons={view.persons}
            canEdit={isEditable}
            canChoosePrincipal={canChoosePrincipal}
          />
        </Tabs.Panel>
        {(['crypto', 'pfp'] as const).map((kind) => (
          <Tabs.Panel key={kind} value={kind}>
            <OptionalQuestionnaire kind={kind} required={required[kind]} form={form} readOnly={!isEditable} />
          </Tabs.Panel>
        ))}
        <Tabs.Panel value="pdfs">
          <PdfsTab />
        </Tabs.Panel>
      </Paper>
    </Tabs>
  );
}

interface OptionalQuestionnaireProps {
  kind: keyof typeof OPTIONAL_QUESTIONNAIRES;
  /** From the activity answers; `undefined` while the activity question is unanswered. */
  required: boolean | undefined;
  form: Form;
  readOnly: boolean;
}

/** The crypto or PFP questionnaire when required, else why it is not shown. */
function OptionalQuestionnaire({ kind, required, form, readOnly }: OptionalQuestionnaireProps) {
  const { t } = useTranslation();
  const { Section, note, unanswered } = OPTIONAL_QUESTIONNAIRES[kind];
  return required ? (
    <Section form={form} readOnly={readOnly} />
  ) : (
    <EmptyState
      title={t(required === false ? 'wizard:appforms.notRequiredTitle' : 'wizard:appforms.unansweredTitle')}
      description={t(required === false ? note : unanswered)}
    />
  );
}
