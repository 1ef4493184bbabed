import { describe, expect, it } from 'vitest';
import { safeStyle } from '../../../src/components/serverComponent/safeStyle';

describe('safeStyle', () => {
  it('keeps colours, spacing, text, radius and width, in either spelling', () => {
    expect(
      safeStyle({
        color: '#333',
        'background-color': 'lavender',
        marginTop: 8,
        padding: '4px 8px',
        textAlign: 'center',
        fontStyle: 'italic',
        fontSize: '1.2rem',
        borderRadius: 4,
        width: '50%',
        maxWidth: 600,
      }),
    ).toEqual({
      color: '#333',
      backgroundColor: 'lavender',
      marginTop: 8,
      padding: '4px 8px',
      textAlign: 'center',
      fontStyle: 'italic',
      fontSize: '1.2rem',
      borderRadius: 4,
      width: '50%',
      maxWidth: 600,
    });
  });

  it('drops position, z-index, anything else, url() and smuggled declarations', () => {
    expect(
      safeStyle({
        position: 'fixed',
        zIndex: 10,
        top: 0,
        display: 'none',
        background: 'red',
        backgroundColor: 'URL (x)',
        color: 'red; position: fixed',
        width: 'expression(alert(1))',
        fontSize: Number.NaN,
        margin: { top: 1 },
      }),
    ).toBeUndefined();
  });

  it('ignores a style that is not an object', () => {
    expect(safeStyle('color: red')).toBeUndefined();
    expect(safeStyle(['color'])).toBeUndefined();
    expect(safeStyle(null)).toBeUndefined();
  });
});
