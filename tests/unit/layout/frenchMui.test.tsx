// MUI's own words, those no react-admin translation covers (an autocomplete with nothing to
// offer, the pagination buttons of a phone's list and of the dashboards' tables), are French:
// the brand theme carries MUI's frFR locale (src/themes/brandTheme.ts).
import { Autocomplete, TablePagination, TextField, ThemeProvider } from '@mui/material';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createBrandTheme } from '../../../src/themes/brandTheme.ts';

const theme = createBrandTheme('ageo');

describe('MUI in French', () => {
  it('says « Pas de résultats » when an autocomplete has nothing to offer', async () => {
    render(
      <ThemeProvider theme={theme}>
        <Autocomplete
          options={['Horizon Courtage']}
          renderInput={(params) => <TextField {...params} label="Organisation" />}
        />
      </ThemeProvider>,
    );
    await userEvent.type(screen.getByLabelText('Organisation'), 'zzzzqqq');
    expect(await screen.findByText('Pas de résultats')).toBeInTheDocument();
    expect(screen.queryByText('No options')).toBeNull();
  });

  it('names the pagination buttons in French', () => {
    render(
      <ThemeProvider theme={theme}>
        <table>
          <tfoot>
            <tr>
              <TablePagination
                count={30}
                page={1}
                rowsPerPage={10}
                rowsPerPageOptions={[]}
                onPageChange={() => undefined}
              />
            </tr>
          </tfoot>
        </table>
      </ThemeProvider>,
    );
    expect(screen.getByRole('button', { name: 'Aller à la page suivante' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Aller à la page précédente' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /Go to/ })).toBeNull();
  });
});
