import type { Config } from '../../config';
import { localDiskStorage } from './local-disk';
import type { UploadStorage } from './ports';
import { s3Storage } from './s3';

/** The S3-compatible bucket when `S3_*` is set, else local disk under `${DATA_DIR}/uploads`. */
export function uploadStorageFromConfig(config: Pick<Config, 's3' | 'uploadsDir'>): UploadStorage {
  return config.s3 ? s3Storage(config.s3) : localDiskStorage(config.uploadsDir);
}
