import { Progress } from '@mantine/core';
import { useNavigation } from 'react-router';
import classes from './layout.module.css';

/** Thin top bar while route loaders run (token refresh, guards). */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <Progress className={classes.progress} value={100} animated size={3} radius={0} aria-hidden />;
}
