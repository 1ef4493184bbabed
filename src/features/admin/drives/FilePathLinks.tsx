import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { foldersAbove } from '../../drives/manage/selection';

/**
 * A file's path with each folder a link that shows that folder's files
 * (where an administrator renames, retags or deletes a whole folder); the
 * name itself stays plain. Names break between words, or anywhere only
 * when a word is longer than the line.
 */
export function FilePathLinks({
  path,
  onFolder,
}: {
  path: string;
  onFolder?: (folder: string) => void;
}) {
  const folders = foldersAbove(path);
  const name = path.slice(path.lastIndexOf('/') + 1);
  return (
    <Typography
      variant="body2"
      component="span"
      sx={{ overflowWrap: 'break-word', wordBreak: 'break-word' }}
    >
      {folders.map((folder) => (
        <Fragment key={folder}>
          {onFolder ? (
            <Link
              component="button"
              type="button"
              variant="body2"
              color="text.secondary"
              underline="hover"
              aria-label={`Show folder ${folder}`}
              sx={{ verticalAlign: 'baseline' }}
              onClick={(e) => {
                e.stopPropagation();
                onFolder(folder);
              }}
            >
              {folder.slice(folder.lastIndexOf('/') + 1)}
            </Link>
          ) : (
            <Typography component="span" variant="body2" color="text.secondary">
              {folder.slice(folder.lastIndexOf('/') + 1)}
            </Typography>
          )}
          <Typography component="span" variant="body2" color="text.secondary">
            /
          </Typography>
        </Fragment>
      ))}
      <Typography component="span" variant="body2" sx={{ fontWeight: 500 }}>
        {name}
      </Typography>
    </Typography>
  );
}
