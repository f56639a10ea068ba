import { Checkbox, SimpleGrid } from '@mantine/core';
import {
  CLIENT_USER_RIGHTS,
  type ClientUserRight,
  normalizeRights,
  noRights,
  type RightsState,
  rightsControls,
} from '@portal/domain';
import { useTranslation } from 'react-i18next';

export const toRightsState = (rights: readonly ClientUserRight[]): RightsState => {
  const state = noRights();
  for (const right of rights) state[right] = true;
  return state;
};
export const toRightsList = (state: RightsState): ClientUserRight[] =>
  CLIENT_USER_RIGHTS.filter((right) => state[right]);

/**
 * The rights checkboxes with the rules of spec §5 from the domain: approve switches create on, create
 * off switches approve off, approve off switches approve own off; dependent boxes are disabled.
 */
export function RightsFields({
  value,
  onChange,
  disabled,
}: {
  value: readonly ClientUserRight[];
  onChange: (next: ClientUserRight[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const state = toRightsState(value);
  const controls = rightsControls(state);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs" data-testid="rights-fields">
      {CLIENT_USER_RIGHTS.map((right) => (
        <Checkbox
          key={right}
          label={t(`users:rights.${right}`)}
          checked={state[right]}
          disabled={disabled || controls[right].disabled}
          data-right={right}
          onChange={(event) =>
            onChange(toRightsList(normalizeRights({ ...state, [right]: event.currentTarget.checked }, right)))
          }
        />
      ))}
    </SimpleGrid>
  );
}
