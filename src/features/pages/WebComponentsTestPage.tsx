import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavBar } from '../world/NavBar';
import {
  encodeBase64Utf8,
  encodeComponentData,
} from '../../components/embedded/decodeComponentData';
import { defineEmbeddedComponentElement } from '../../components/embedded/defineEmbeddedComponentElement';
import { tKey } from '../../i18n/i18n';
import { useAppSelector } from '../../store/hooks';
import { selectActiveWorld } from '../auth/authSlice';

// Idempotent: main.tsx may already have defined the element; this page works either way.
defineEmbeddedComponentElement();

interface Example {
  caption: string;
  /** The data attribute; undefined leaves it out. */
  data: string | undefined;
}

const EXAMPLES: readonly Example[] = [
  {
    caption: tKey('An Alert, decoded from base64 JSON.'),
    data: encodeComponentData({
      component: 'Alert',
      type: 'info',
      title: 'Embedded',
      content: 'This alert came from a data attribute.',
    }),
  },
  {
    caption: tKey('A Card with Markdown inside (UTF-8 text survives the encoding: Grüße, 世界).'),
    data: encodeComponentData({
      component: 'Card',
      title: 'Meeting notes',
      children: [
        {
          component: 'Markdown',
          content: '**Decisions**\n- Launch in *March*\n- Grüße an das Team, 世界',
        },
      ],
    }),
  },
  { caption: tKey("No data attribute: 'Missing component data'."), data: undefined },
  {
    caption: tKey("Data that is not base64: 'Base64 decode error: Invalid character found'."),
    data: 'not base64!',
  },
  {
    caption: tKey('Base64 of text that is not JSON: the JSON parse error.'),
    data: encodeBase64Utf8('{ not json'),
  },
  {
    caption: tKey("JSON without a component field: 'Invalid component data'."),
    data: encodeComponentData({ content: 'I have no component field' }),
  },
];

const LIVE_SAMPLE = JSON.stringify(
  { component: 'Alert', type: 'success', content: 'Edit this JSON to see it rendered.' },
  null,
  2,
);

/** /webcomponents-test: the <emgen-component> element with good and bad data (SPEC §2, §5). */
export function WebComponentsTestPage() {
  const { t } = useTranslation();
  const worldId = useAppSelector(selectActiveWorld) ?? '';
  const [json, setJson] = useState(LIVE_SAMPLE);
  return (
    <>
      <NavBar worldId={worldId} title={t('Web Components')} />
      <Container maxWidth="md" sx={{ py: 3 }}>
        <Typography variant="h4" component="h1" sx={{ mb: 0.5 }}>
          {t('Web Components Test')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 3 }}>
          {t(
            'Each box below is an <emgen-component data="…"> element, the way server HTML embeds a component.',
          )}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2 }}>
          {EXAMPLES.map((example) => (
            <Card key={example.caption} data-testid="webcomponent-example">
              <CardContent>
                <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
                  {t(example.caption)}
                </Typography>
                <emgen-component data={example.data} />
              </CardContent>
            </Card>
          ))}
          <Card>
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                {t('Try it')}
              </Typography>
              <TextField
                label={t('Component JSON')}
                value={json}
                onChange={(event) => setJson(event.target.value)}
                multiline
                minRows={5}
                fullWidth
                slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
              />
              <Box data-testid="webcomponent-live" sx={{ mt: 2 }}>
                <emgen-component data={json.trim() ? encodeBase64Utf8(json) : undefined} />
              </Box>
            </CardContent>
          </Card>
        </Box>
      </Container>
    </>
  );
}
