import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { iconOf, useMenuEntries } from '../../layout/useMenuEntries.ts';
import type { PageProps } from '../../resources/types.ts';

/** Home (spec partner-extranet §1): the welcome text and shortcuts to the user's menu entries. */
export default function HomePage({ title }: PageProps) {
  const translate = useTranslate();
  const { entries } = useMenuEntries();
  return (
    <Box component="section" sx={{ py: 3 }}>
      {/* The page's h1 and browser title (layout/PageTitle.tsx); the welcome text under it. */}
      <Title title={title} />
      <Typography variant="h4" component="h2" gutterBottom>
        {translate('layout.home.welcome')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{translate('layout.home.intro')}</Typography>
      {entries.length > 0 && (
        <>
          <Typography variant="h6" component="h3" gutterBottom>
            {translate('layout.home.shortcuts')}
          </Typography>
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
            }}
          >
            {entries.map((entry) => {
              const Icon = iconOf(entry.key);
              return (
                <li key={entry.key}>
                  <Card variant="outlined" sx={{ height: '100%' }}>
                    <CardActionArea component={Link} to={entry.path} sx={{ height: '100%' }}>
                      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                        {Icon && <Icon color="primary" aria-hidden="true" />}
                        <Typography component="span">{entry.label}</Typography>
                      </CardContent>
                    </CardActionArea>
                  </Card>
                </li>
              );
            })}
          </Box>
        </>
      )}
    </Box>
  );
}
