import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n/i18n-provider';
import { FrogArt } from './frog-art';
import styles from './frog-scene.module.css';

/** `/frog`: a frog to pat, a pat counter, and how long you have stayed. */
export function FrogScene() {
  const t = useT();
  const [pats, setPats] = useState(0);
  const [hopping, setHopping] = useState(false);
  const [openedAt] = useState(() => Date.now());
  const [seconds, setSeconds] = useState(0);

  useEffect(() => {
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - openedAt) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [openedAt]);

  useEffect(() => {
    if (!hopping) return;
    const timer = setTimeout(() => setHopping(false), 600);
    return () => clearTimeout(timer);
  }, [hopping]);

  const pat = () => {
    setPats((count) => count + 1);
    setHopping(true);
  };

  return (
    <div className={`${styles.page} ${hopping ? styles.hopping : ''}`}>
      <h1 className={styles.title}>{t('site.frog.heading')}</h1>
      <p className={styles.text}>{t('site.frog.text')}</p>
      <FrogArt label={t('site.frog.art')} />
      <Button color="green" onClick={pat}>
        {t('site.frog.pet')}
      </Button>
      <p className={styles.counter} role="status">
        {t('site.frog.pats', { count: pats })}
      </p>
      <p className={styles.time}>{t('site.frog.time', { seconds })}</p>
    </div>
  );
}
