import { Box, Button, Group, Input, Text } from '@mantine/core';
import { useComputedColorScheme } from '@mantine/core';
import { IconEraser } from '@tabler/icons-react';
import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface SignaturePadProps {
  /** PNG data URL of the drawing, or null while the pad is empty. */
  onChange: (dataUrl: string | null) => void;
  error?: string;
  height?: number;
}

/**
 * A drawn signature: pointer events (mouse, pen, touch) draw on a canvas; every finished stroke
 * reports the drawing as a PNG data URL. The ink is always dark on white so the sealed PDF reads
 * the same in either theme.
 */
export function SignaturePad({ onChange, error, height = 180 }: SignaturePadProps) {
  const { t } = useTranslation();
  const scheme = useComputedColorScheme('dark');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [isEmpty, setIsEmpty] = useState(true);
  // Parents pass a fresh callback on every render: keep the latest in a ref so that reporting a
  // stroke (which re-renders the parent) never re-runs the mount-time clear and wipes the drawing.
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const context = useCallback(() => canvasRef.current?.getContext('2d') ?? null, []);

  const clear = useCallback(() => {
    const canvas = canvasRef.current;
    const ctx = context();
    if (!canvas || !ctx) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = canvas.clientWidth * ratio;
    canvas.height = canvas.clientHeight * ratio;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.clientWidth, canvas.clientHeight);
    ctx.lineWidth = 2.2;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#10204a';
    setIsEmpty(true);
    onChangeRef.current(null);
  }, [context]);

  useEffect(() => {
    clear();
    // The pad is cleared once on mount; later resizes keep the drawing.
  }, [clear]);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    const ctx = context();
    if (!ctx) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    const { x, y } = point(event);
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + 0.1, y + 0.1);
    ctx.stroke();
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const ctx = context();
    if (!drawing.current || !ctx) return;
    const { x, y } = point(event);
    ctx.lineTo(x, y);
    ctx.stroke();
  };

  const onPointerUp = () => {
    if (!drawing.current) return;
    drawing.current = false;
    setIsEmpty(false);
    onChangeRef.current(canvasRef.current?.toDataURL('image/png') ?? null);
  };

  return (
    <Input.Wrapper label={t('wizard:signature.label')} error={error} description={t('wizard:signature.hint')}>
      <Box
        mt={6}
        style={{
          position: 'relative',
          borderRadius: 8,
          border: `1px dashed ${scheme === 'dark' ? 'var(--mantine-color-dark-3)' : 'var(--mantine-color-gray-5)'}`,
          overflow: 'hidden',
        }}
      >
        <canvas
          ref={canvasRef}
          data-testid="signature-pad"
          aria-label={t('wizard:signature.label')}
          style={{ display: 'block', width: '100%', height, touchAction: 'none', cursor: 'crosshair' }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
        />
        {isEmpty ? (
          <Text
            size="sm"
            c="gray.6"
            style={{ position: 'absolute', left: 16, bottom: 10, pointerEvents: 'none' }}
          >
            {t('wizard:signature.placeholder')}
          </Text>
        ) : null}
      </Box>
      <Group justify="flex-end" mt={6}>
        <Button variant="subtle" size="xs" leftSection={<IconEraser size={14} />} onClick={clear}>
          {t('wizard:signature.clear')}
        </Button>
      </Group>
    </Input.Wrapper>
  );
}
