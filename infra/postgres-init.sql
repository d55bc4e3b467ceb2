-- One database per service: no service reads another's tables.
CREATE DATABASE gallery_events;
CREATE DATABASE gallery_media;
CREATE DATABASE gallery_billing;
CREATE DATABASE gallery_download;
CREATE DATABASE gallery_backup;
CREATE DATABASE gallery_faces;
