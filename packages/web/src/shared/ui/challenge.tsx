import { Alert, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

/**
 * The password and the code typed for a server challenge: empty for each new challenge (`challengeKey`),
 * and a wrong code (a new `error`) is cleared so the next one can be typed.
 */
export function useChallengeCredentials(challengeKey: string | undefined, error: unknown) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset per challenge
  useEffect(() => {
    setPassword('');
    setCode('');
  }, [challengeKey]);
  useEffect(() => {
    if (error) setCode('');
  }, [error]);
  return { password, setPassword, code, setCode };
}

/** Until when a challenge can be confirmed, or, once it ran out, the note that it did. */
export function ChallengeExpiry({
  isExpired,
  expiredText,
  expiresInText,
}: {
  isExpired: boolean;
  /** Already translated texts. */
  expiredText: string;
  expiresInText: string;
}) {
  return isExpired ? (
    <Alert color="orange">{expiredText}</Alert>
  ) : (
    <Text size="xs" c="dimmed" ta="center">
      {expiresInText}
    </Text>
  );
}
