import { Center, Image, Loader, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSurveysT } from '../../surveys/surveys-i18n';
import { renderQrSvg, svgDataUrl } from './qr';

interface QrCodeImageProps {
  value: string;
  size: number;
  alt: string;
}

/** A QR code drawn in the browser for `value`. */
export function QrCodeImage({ value, size, alt }: QrCodeImageProps) {
  const { t } = useSurveysT();
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setFailed(false);
    renderQrSvg(value, size)
      .then((svg) => live && setSrc(svgDataUrl(svg)))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [value, size]);
  if (failed) {
    return (
      <Text c="red" size="sm" role="alert">
        {t('share.qrError')}
      </Text>
    );
  }
  if (!src) {
    return (
      <Center w={size} h={size}>
        <Loader size="sm" />
      </Center>
    );
  }
  return <Image src={src} alt={alt} w={size} h={size} fit="contain" data-testid="qr-image" style={{ imageRendering: 'pixelated' }} />;
}
