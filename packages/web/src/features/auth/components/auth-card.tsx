import { Center, Paper } from '@mantine/core';
import type { ReactNode } from 'react';

/** The centred card of the public identity screens (login, registration, renewal, confirmation). */
export function AuthCard({ children, width = 440 }: { children: ReactNode; width?: number }) {
  return (
    <Center mih="calc(100dvh - 160px)" py="xl">
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={width}>
        {children}
      </Paper>
    </Center>
  );
}
