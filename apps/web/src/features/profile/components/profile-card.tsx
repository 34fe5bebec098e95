import type { ReactNode } from 'react';
import { Card, CardContent, Typography } from '@mui/material';

/** One card of the profile page: its heading, then what it holds. */
export function ProfileCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
