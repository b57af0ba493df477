import fs from 'node:fs';
import path from 'node:path';

/**
 * Refuses to start a second server on the same DATA_DIR while the first one is alive. A lock left
 * behind by a killed process (kill -9, power loss) is taken over, since its pid is gone.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const file = path.join(dataDir, 'server.pid');
  try {
    const pid = Number(fs.readFileSync(file, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `Another server (pid ${pid}) is using ${dataDir}. Stop it or set DATA_DIR to another folder.`,
      );
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.writeFileSync(file, String(process.pid));
  return () => {
    fs.rmSync(file, { force: true });
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
