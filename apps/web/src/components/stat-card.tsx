import type { ReactNode } from 'react';
import { Card, CardContent, Typography } from '@mui/material';

/** A dashboard-style card: a title and one value, or a note when there is no value yet. */
export function StatCard({
  title,
  value,
  note,
}: {
  title: string;
  value?: ReactNode;
  note?: string;
}) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography component="h2" variant="subtitle2" color="text.secondary" gutterBottom>
          {title}
        </Typography>
        {value !== undefined && (
          <Typography component="p" variant="h5">
            {value}
          </Typography>
        )}
        {note && (
          <Typography variant="body2" color="text.secondary">
            {note}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
