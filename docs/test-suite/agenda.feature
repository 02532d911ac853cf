# language: fr
Fonctionnalité: agenda — suite de couverture (17 chemins, 165 étapes ; transitions prises : 71 sur 71 (liste exhaustive : 200 chemins, 1484 étapes))
  Écrite par `npm run paths -- --all` depuis la machine et ce que ses tests vérifient à l’écran.

  Scénario: agenda-1
    Étant donné que la page est ouverte
    Alors aucune fiche d’événement ; le message « Chargement de l'agenda… »
    Quand Le serveur répond avec une page de 3 événement(s)
    Alors 2 fiches d’événement, la première « Séance de fin d’année » ; le message « 2 événements » ; le bouton « Événements passés » ; le bouton « Afficher plus »
    Quand Le serveur répond avec l’événement du lien « Journée portes ouvertes »
    Alors 3 fiches d’événement, la première « Journée portes ouvertes »

  Scénario: agenda-2
    Étant donné que la page est ouverte
    Alors aucune fiche d’événement ; le message « Chargement de l'agenda… »
    Quand Un ancien serveur répond avec tout l’agenda : 6 ligne(s)
    Alors 3 fiches d’événement, la première « Journée portes ouvertes » ; le message « 2 événements » ; le bouton « Événements passés » ; le bouton « Afficher plus »

  Scénario: agenda-3
    Étant donné que la page est ouverte
    Alors aucune fiche d’événement ; le message « Chargement de l'agenda… »
    Quand Le serveur répond avec une page de 0 événement(s), la dernière
    Alors le message « Aucun événement » ; le bouton « Événements passés » ; le texte « Aucun événement pour ces filtres »
    Quand Le serveur ne connaît pas l’événement du lien (404)
    Alors rien ne change à l’écran

  Scénario: agenda-4
    Étant donné que la page est ouverte
    Alors aucune fiche d’événement ; le message « Chargement de l'agenda… »
    Quand Le serveur répond avec une page de 1 événement(s), la dernière
    Alors 1 fiche d’événement, « Journée portes ouvertes » ; le message « 1 événement » ; le bouton « Événements passés »
    Quand Le serveur répond avec 2 catégorie(s)
    Alors rien ne change à l’écran
    Quand Taper « séance » dans le titre
    Alors « Rechercher un titre » contient « séance »
    Quand Cliquer sur « Rechercher »
    Alors pas de bouton « Événements passés »
    Quand Cliquer sur « Rechercher »
    Alors rien ne change à l’écran
    Quand Choisir le mois n° 12
    Alors « Mois » contient « 12 »
    Quand L’appel de l’agenda échoue
    Alors aucune fiche d’événement ; l’alerte « L'agenda n'a pas pu être chargé. » et le bouton « Réessayer »
    Quand Cliquer sur « Rechercher »
    Alors « Mois » vide ; 1 fiche d’événement, « Journée portes ouvertes » ; le message « 1 événement » ; aucune alerte
    Quand Activer la catégorie « Séance plénière »
    Alors dans « Catégories », le bouton « Séance plénière » enfoncé
    Quand Désactiver la catégorie « Séance plénière »
    Alors aucun bouton enfoncé dans « Catégories »
    Quand Activer la catégorie « Séance plénière »
    Alors dans « Catégories », le bouton « Séance plénière » enfoncé
    Quand Cliquer sur « Toutes les catégories »
    Alors aucun bouton enfoncé dans « Catégories »

  Scénario: agenda-5
    Étant donné que la page est ouverte
    Alors aucune fiche d’événement ; le message « Chargement de l'agenda… »
    Quand L’appel tarde ou échoue : nouvel essai 1 sur 2
    Alors le message « Connexion lente ou serveur occupé : nouvel essai en cours… »
    Quand Le serveur répond avec une page de 1 événement(s), la dernière
    Alors 1 fiche d’événement, « Journée portes ouvertes » ; le message « 1 événement » ; le bouton « Événements passés »
    Quand L’appel des catégories échoue
    Alors l’alerte « La liste des catégories n'a pas pu être chargée. » et le bouton « Réessayer »
    Quand Cliquer sur « Réessayer »
    Alors aucune alerte
    Quand Le serveur répond avec 2 catégorie(s)
    Alors rien ne change à l’écran
    Quand Choisir le mois n° 12
    Alors « Mois » contient « 12 » ; pas de bouton « Événements passés »
    Quand Choisir « Tous les mois »
    Alors « Mois » vide
    Quand Revenir en arrière vers l’adresse « ?mois=1 »
    Alors « Mois » contient « 1 »
    Quand Choisir « Tous les mois »
    Alors « Mois » vide
    Quand Activer la période « Cette semaine »
    Alors dans « Période », le bouton « Cette semaine » enfoncé ; pas de texte « Aucun événement cette semaine. »
    Quand Un ancien serveur répond avec tout l’agenda : 6 ligne(s)
    Alors aucune fiche d’événement ; le message « Chargement de l'agenda… » ; le texte « Aucun événement cette semaine. »
    Quand Choisir le mois n° 12
    Alors « Mois » contient « 12 » ; pas de texte « Aucun événement cette semaine. »

  Scénario: agenda-6
    Étant donné que la page est ouverte
    Alors aucune fiche d’événement ; le message « Chargement de l'agenda… »
    Quand Le serveur répond avec une page de 1 événement(s), la dernière
    Alors 1 fiche d’événement, « Journée portes ouvertes » ; le message « 1 événement » ; le bouton « Événements passés »
    Quand Le serveur répond avec 2 catégorie(s)
    Alors rien ne change à l’écran
    Quand Revenir en arrière vers l’adresse « ?mois=1 »
    Alors « Mois » contient « 1 » ; pas de bouton « Événements passés »
    Quand Le serveur répond avec une page de 0 événement(s), la dernière
    Alors aucune fiche d’événement ; le message « Aucun événement » ; le bouton « Événements passés » ; le texte « Aucun événement pour ces filtres »
    Quand Choisir « Tous les mois »
    Alors « Mois » vide ; le message « Chargement de l'agenda… » ; pas de bouton « Événements passés » ; pas de texte « Aucun événement pour ces filtres »
    Quand Le serveur répond avec une page de 3 événement(s)
    Alors 2 fiches d’événement, la première « Séance de fin d’année » ; le message « 2 événements » ; le bouton « Événements passés » ; le bouton « Afficher plus »
    Quand Activer la catégorie « Séance plénière »
    Alors dans « Catégories », le bouton « Séance plénière » enfoncé ; pas de bouton « Événements passés » ; pas de bouton « Afficher plus »
    Quand Le serveur répond avec une page de 3 événement(s)
    Alors le bouton « Événements passés » ; le bouton « Afficher plus »
    Quand Désactiver la catégorie « Séance plénière »
    Alors aucun bouton enfoncé dans « Catégories » ; pas de bouton « Événements passés » ; pas de bouton « Afficher plus »
    Quand Le serveur répond avec une page de 3 événement(s)
    Alors le bouton « Événements passés » ; le bouton « Afficher plus »
    Quand Activer la période « Cette semaine »
    Alors dans « Période », le bouton « Cette semaine » enfoncé ; pas de bouton « Événements passés » ; pas de bouton « Afficher plus » ; pas de texte « Aucun événement cette semaine. »

  Scénario: agenda-7
    Étant donné que la page est ouverte
    Alors aucune fiche d’événement ; le message « Chargement de l'agenda… »
    Quand Le serveur répond avec une page de 1 événement(s), la dernière
    Alors 1 fiche d’événement, « Journée portes ouvertes » ; le message « 1 événement » ; le bouton « Événements passés »
    Quand Le serveur répond avec 2 catégorie(s)
    Alors rien ne change à l’écran
    Quand Cliquer sur « Événements passés »
    Alors rien ne change à l’écran
    Quand Le serveur répond avec 2 événement(s) passé(s)
    Alors 3 fiches d’événement, la première « Concert d’automne » ; le message « 3 événements, dont 2 nouveaux » ; pas de bouton « Événements passés »
    Quand Choisir le mois n° 12
    Alors « Mois » contient « 12 » ; le message « 3 événements »
    Quand Le serveur répond avec une page de 0 événement(s), la dernière
    Alors aucune fiche d’événement ; le message « Aucun événement » ; le bouton « Événements passés » ; le texte « Aucun événement pour ces filtres »
    Quand Cliquer sur « Réinitialiser les filtres »
    Alors « Mois » vide ; le message « Chargement de l'agenda… » ; pas de bouton « Événements passés » ; pas de texte « Aucun événement pour ces filtres »
    Quand Le serveur répond avec une page de 3 événement(s)
    Alors 2 fiches d’événement, la première « Séance de fin d’année » ; le message « 2 événements » ; le bouton « Événements passés » ; le bouton « Afficher plus »
    Quand Cliquer sur « Afficher plus »
    Alors rien ne change à l’écran
    Quand Le serveur répond avec la page suivante : 2 événement(s)
    Alors 3 fiches d’événement, la première « Séance de fin d’année » ; le message « 3 événements, dont 1 nouveau » ; pas de bouton « Afficher plus »
    Quand Cliquer sur « Événements passés »
    Alors rien ne change à l’écran
    Quand L’appel des événements passés échoue
    Alors l’alerte « Les événements passés n'ont pas pu être chargés. »

  Scénario: agenda-8
    Étant donné que la page est ouverte
    Alors aucune fiche d’événement ; le message « Chargement de l'agenda… »
    Quand Le serveur répond avec une page de 1 événement(s), la dernière
    Alors 1 fiche d’événement, « Journée portes ouvertes » ; le message « 1 événement » ; le bouton « Événements passés »
    Quand Le serveur répond avec 2 catégorie(s)
    Alors rien ne change à l’écran
    Quand Cliquer sur « Événements passés »
    Alors rien ne change à l’écran
    Quand Le serveur refuse la page passée (400 : le contenu a changé)
    Alors pas de bouton « Événements passés »
    Quand Un ancien serveur répond avec tout l’agenda : 6 ligne(s)
    Alors 2 fiches d’événement, la première « Séance de fin d’année » ; le message « 2 événements » ; le bouton « Événements passés » ; le bouton « Afficher plus »
    Quand Cliquer sur « Afficher plus »
    Alors 3 fiches d’événement, la première « Séance de fin d’année » ; le message « 3 événements, dont 1 nouveau » ; pas de bouton « Afficher plus »
    Quand Cliquer sur « Événements passés »
    Alors 5 fiches d’événement, la première « Concert d’automne » ; le message « 5 événements, dont 2 nouveaux » ; pas de bouton « Événements passés »
    Quand Choisir le mois n° 12
    Alors « Mois » contient « 12 » ; le message « 5 événements »
    Quand L’appel de l’agenda échoue
    Alors aucune fiche d’événement ; l’alerte « L'agenda n'a pas pu être chargé. » et le bouton « Réessayer »
    Quand Choisir « Tous les mois »
    Alors « Mois » vide ; 5 fiches d’événement, la première « Concert d’automne » ; le message « 5 événements » ; aucune alerte
    Quand Le serveur répond avec une page de 0 événement(s), la dernière
    Alors aucune fiche d’événement ; le message « Aucun événement » ; le bouton « Événements passés » ; le texte « Aucun événement pour ces filtres »
    Quand Revenir en arrière vers l’adresse « ?mois=1 »
    Alors « Mois » contient « 1 » ; le message « Chargement de l'agenda… » ; pas de bouton « Événements passés » ; pas de texte « Aucun événement pour ces filtres »

  Scénario: agenda-9
    Étant donné que la page est ouverte
    Alors aucune fiche d’événement ; le message « Chargement de l'agenda… »
    Quand Le serveur répond avec une page de 1 événement(s), la dernière
    Alors 1 fiche d’événement, « Journée portes ouvertes » ; le message « 1 événement » ; le bouton « Événements passés »
    Quand Le serveur répond avec 2 catégorie(s)
    Alors rien ne change à l’écran
    Quand Choisir le mois n° 12
    Alors « Mois » contient « 12 » ; pas de bouton « Événements passés »
    Quand L’appel de l’agenda échoue
    Alors aucune fiche d’événement ; l’alerte « L'agenda n'a pas pu être chargé. » et le bouton « Réessayer »
    Quand Cliquer sur « Réessayer »
    Alors 1 fiche d’événement, « Journée portes ouvertes » ; le message « 1 événement » ; aucune alerte
    Quand Taper « séance » dans le titre
    Alors « Rechercher un titre » contient « séance »
    Quand Le serveur répond avec une page de 0 événement(s), la dernière
    Alors aucune fiche d’événement ; le message « Aucun événement » ; le bouton « Événements passés » ; le texte « Aucun événement pour ces filtres »
    Quand Cliquer sur « Rechercher »
    Alors « Mois » vide ; le message « Chargement de l'agenda… » ; pas de bouton « Événements passés » ; pas de texte « Aucun événement pour ces filtres »
    Quand Le serveur répond avec une page de 0 événement(s), la dernière
    Alors le message « Aucun événement » ; le bouton « Événements passés » ; le texte « Aucun événement pour ces filtres »
    Quand Activer la catégorie « Séance plénière »
    Alors dans « Catégories », le bouton « Séance plénière » enfoncé ; le message « Chargement de l'agenda… » ; pas de bouton « Événements passés » ; pas de texte « Aucun événement pour ces filtres »
    Quand Le serveur répond avec une page de 3 événement(s)
    Alors 2 fiches d’événement, la première « Séance de fin d’année » ; le message « 2 événements » ; le bouton « Événements passés » ; le bouton « Afficher plus »
    Quand Cliquer sur « Toutes les catégories »
    Alors aucun bouton enfoncé dans « Catégories » ; pas de bouton « Événements passés » ; pas de bouton « Afficher plus »

  Scénario: agenda-10
    Étant donné que la page est ouverte
    Alors aucune fiche d’événement ; le message « Chargement de l'agenda… »
    Quand Le serveur répond avec une page de 1 événement(s), la dernière
    Alors 1 fiche d’événement, « Journée portes ouvertes » ; le message « 1 événement » ; le bouton « Événements passés »
    Quand Le serveur répond avec 2 catégorie(s)
    Alors rien ne change à l’écran
    Quand Activer la catégorie « Séance plénière »
    Alors dans « Catégories », le bouton « Séance plénière » enfoncé ; pas de bouton « Événements passés »
    Quand Le serveur répond avec une page de 0 événement(s), la dernière
    Alors aucune fiche d’événement ; le message « Aucun événement » ; le bouton « Événements passés » ; le texte « Aucun événement pour ces filtres »
    Quand Désactiver la catégorie « Séance plénière »
    Alors aucun bouton enfoncé dans « Catégories » ; le message « Chargement de l'agenda… » ; pas de bouton « Événements passés » ; pas de texte « Aucun événement pour ces filtres »
    Quand Le serveur répond avec une page de 0 événement(s), la dernière
    Alors le message « Aucun événement » ; le bouton « Événements passés » ; le texte « Aucun événement pour ces filtres »
    Quand Activer la période « Cette semaine »
    Alors dans « Période », le bouton « Cette semaine » enfoncé ; le message « Chargement de l'agenda… » ; pas de bouton « Événements passés » ; pas de texte « Aucun événement pour ces filtres » ; pas de texte « Aucun événement cette semaine. »
    Quand Un ancien serveur répond avec tout l’agenda : 6 ligne(s)
    Alors le texte « Aucun événement cette semaine. »
    Quand Revenir en arrière vers l’adresse « ?mois=1 »
    Alors « Mois » contient « 1 » ; aucun bouton enfoncé dans « Période »
    Quand Choisir « Tous les mois »
    Alors « Mois » vide
    Quand Le serveur répond avec une page de 0 événement(s), la dernière
    Alors le message « Aucun événement » ; le bouton « Événements passés » ; le texte « Aucun événement pour ces filtres »
    Quand Cliquer sur « Événements passés »
    Alors pas de texte « Aucun événement pour ces filtres »

  Scénario: agenda-11
    Étant donné que la page est ouverte
    Alors aucune fiche d’événement ; le message « Chargement de l'agenda… »
    Quand Le serveur répond avec une page de 1 événement(s), la dernière
    Alors 1 fiche d’événement, « Journée portes ouvertes » ; le message « 1 événement » ; le bouton « Événements passés »
    Quand Le serveur répond avec 2 catégorie(s)
    Alors rien ne change à l’écran
    Quand Activer la catégorie « Séance plénière »
    Alors dans « Catégories », le bouton « Séance plénière » enfoncé ; pas de bouton « Événements passés »
    Quand Le serveur répond avec une page de 0 événement(s), la dernière
    Alors aucune fiche d’événement ; le message « Aucun événement » ; le bouton « Événements passés » ; le texte « Aucun événement pour ces filtres »
    Quand Cliquer sur « Toutes les catégories »
    Alors aucun bouton enfoncé dans « Catégories » ; le message « Chargement de l'agenda… » ; pas de bouton « Événements passés » ; pas de texte « Aucun événement pour ces filtres »
    Quand Un ancien serveur répond avec tout l’agenda : 2 ligne(s)
    Alors le message « Aucun événement » ; le bouton « Événements passés » ; le texte « Aucun événement pour ces filtres »
    Quand Cliquer sur « Événements passés »
    Alors 2 fiches d’événement, la première « Concert d’automne » ; le message « 2 événements, dont 2 nouveaux » ; pas de bouton « Événements passés » ; pas de texte « Aucun événement pour ces filtres »
    Quand Activer la catégorie « Séance plénière »
    Alors dans « Catégories », le bouton « Séance plénière » enfoncé ; le message « 2 événements »
    Quand L’appel de l’agenda échoue
    Alors aucune fiche d’événement ; l’alerte « L'agenda n'a pas pu être chargé. » et le bouton « Réessayer »
    Quand Désactiver la catégorie « Séance plénière »
    Alors aucun bouton enfoncé dans « Catégories » ; 2 fiches d’événement, la première « Concert d’automne » ; le message « 2 événements » ; aucune alerte
    Quand L’appel de l’agenda échoue
    Alors aucune fiche d’événement ; l’alerte « L'agenda n'a pas pu être chargé. » et le bouton « Réessayer »
    Quand Revenir en arrière vers l’adresse « ?mois=1 »
    Alors « Mois » contient « 1 » ; 2 fiches d’événement, la première « Concert d’automne » ; le message « 2 événements » ; aucune alerte

  Scénario: agenda-12
    Étant donné que la page est ouverte
    Alors aucune fiche d’événement ; le message « Chargement de l'agenda… »
    Quand Le serveur répond avec une page de 1 événement(s), la dernière
    Alors 1 fiche d’événement, « Journée portes ouvertes » ; le message « 1 événement » ; le bouton « Événements passés »
    Quand Le serveur répond avec 2 catégorie(s)
    Alors rien ne change à l’écran
    Quand Activer la catégorie « Séance plénière »
    Alors dans « Catégories », le bouton « Séance plénière » enfoncé ; pas de bouton « Événements passés »
    Quand L’appel de l’agenda échoue
    Alors aucune fiche d’événement ; l’alerte « L'agenda n'a pas pu être chargé. » et le bouton « Réessayer »
    Quand Cliquer sur « Toutes les catégories »
    Alors aucun bouton enfoncé dans « Catégories » ; 1 fiche d’événement, « Journée portes ouvertes » ; le message « 1 événement » ; aucune alerte
    Quand L’appel de l’agenda échoue
    Alors aucune fiche d’événement ; l’alerte « L'agenda n'a pas pu être chargé. » et le bouton « Réessayer »
    Quand Activer la catégorie « Séance plénière »
    Alors dans « Catégories », le bouton « Séance plénière » enfoncé ; 1 fiche d’événement, « Journée portes ouvertes » ; le message « 1 événement » ; aucune alerte
    Quand Désactiver la catégorie « Séance plénière »
    Alors aucun bouton enfoncé dans « Catégories »
    Quand L’appel de l’agenda échoue
    Alors aucune fiche d’événement ; l’alerte « L'agenda n'a pas pu être chargé. » et le bouton « Réessayer »
    Quand Activer la période « Cette semaine »
    Alors dans « Période », le bouton « Cette semaine » enfoncé ; 1 fiche d’événement, « Journée portes ouvertes » ; le message « 1 événement » ; aucune alerte ; pas de texte « Aucun événement cette semaine. »
    Quand Un ancien serveur répond avec tout l’agenda : 6 ligne(s)
    Alors aucune fiche d’événement ; le message « Chargement de l'agenda… » ; le texte « Aucun événement cette semaine. »
    Quand Activer la catégorie « Séance plénière »
    Alors dans « Catégories », le bouton « Séance plénière » enfoncé ; pas de texte « Aucun événement cette semaine. »

  Scénario: agenda-13
    Étant donné que la page est ouverte
    Alors aucune fiche d’événement ; le message « Chargement de l'agenda… »
    Quand Le serveur répond avec une page de 1 événement(s), la dernière
    Alors 1 fiche d’événement, « Journée portes ouvertes » ; le message « 1 événement » ; le bouton « Événements passés »
    Quand Le serveur répond avec 2 catégorie(s)
    Alors rien ne change à l’écran
    Quand Activer la période « Cette semaine »
    Alors dans « Période », le bouton « Cette semaine » enfoncé ; pas de bouton « Événements passés » ; pas de texte « Aucun événement cette semaine. »
    Quand Un ancien serveur répond avec tout l’agenda : 6 ligne(s)
    Alors aucune fiche d’événement ; le message « Chargement de l'agenda… » ; le texte « Aucun événement cette semaine. »
    Quand Désactiver la période « Cette semaine »
    Alors aucun bouton enfoncé dans « Période »
    Quand Activer la période « Cette semaine »
    Alors dans « Période », le bouton « Cette semaine » enfoncé ; pas de texte « Aucun événement cette semaine. »
    Quand Un ancien serveur répond avec tout l’agenda : 6 ligne(s)
    Alors le texte « Aucun événement cette semaine. »
    Quand Le serveur répond avec une page de 3 événement(s)
    Alors 2 fiches d’événement, la première « Séance de fin d’année » ; le message « 2 événements » ; le bouton « Événements passés » ; le bouton « Afficher plus »
    Quand Cliquer sur « Afficher plus »
    Alors rien ne change à l’écran
    Quand L’appel de la page suivante échoue
    Alors l’alerte « Les événements suivants n'ont pas pu être chargés. »
    Quand Cliquer sur « Afficher plus »
    Alors aucune alerte
    Quand Le serveur refuse la page suivante (400 : le contenu a changé)
    Alors pas de bouton « Événements passés » ; pas de bouton « Afficher plus » ; pas de texte « Aucun événement cette semaine. »

  Scénario: agenda-14
    Étant donné que la page est ouverte
    Alors aucune fiche d’événement ; le message « Chargement de l'agenda… »
    Quand Le serveur répond avec une page de 1 événement(s), la dernière
    Alors 1 fiche d’événement, « Journée portes ouvertes » ; le message « 1 événement » ; le bouton « Événements passés »
    Quand Le serveur répond avec 2 catégorie(s)
    Alors rien ne change à l’écran
    Quand Activer la période « Cette semaine »
    Alors dans « Période », le bouton « Cette semaine » enfoncé ; pas de bouton « Événements passés » ; pas de texte « Aucun événement cette semaine. »
    Quand Un ancien serveur répond avec tout l’agenda : 6 ligne(s)
    Alors aucune fiche d’événement ; le message « Chargement de l'agenda… » ; le texte « Aucun événement cette semaine. »
    Quand Le serveur répond avec une page de 0 événement(s), la dernière
    Alors le message « Aucun événement » ; le bouton « Événements passés » ; le texte « Aucun événement pour ces filtres »
    Quand Cliquer sur « Événements passés »
    Alors pas de texte « Aucun événement pour ces filtres »
    Quand Le serveur répond avec 0 événement(s) passé(s)
    Alors pas de bouton « Événements passés » ; le texte « Aucun événement pour ces filtres »
    Quand Désactiver la période « Cette semaine »
    Alors aucun bouton enfoncé dans « Période » ; le message « Chargement de l'agenda… » ; pas de texte « Aucun événement pour ces filtres »
    Quand Activer la période « Cette semaine »
    Alors dans « Période », le bouton « Cette semaine » enfoncé ; pas de texte « Aucun événement cette semaine. »
    Quand Un ancien serveur répond avec tout l’agenda : 6 ligne(s)
    Alors le texte « Aucun événement cette semaine. »
    Quand L’appel de l’agenda échoue
    Alors l’alerte « L'agenda n'a pas pu être chargé. » et le bouton « Réessayer »

  Scénario: agenda-15
    Étant donné que la page est ouverte
    Alors aucune fiche d’événement ; le message « Chargement de l'agenda… »
    Quand Le serveur répond avec une page de 1 événement(s), la dernière
    Alors 1 fiche d’événement, « Journée portes ouvertes » ; le message « 1 événement » ; le bouton « Événements passés »
    Quand Le serveur répond avec 2 catégorie(s)
    Alors rien ne change à l’écran
    Quand Cliquer sur « Événements passés »
    Alors rien ne change à l’écran
    Quand L’appel des événements passés échoue
    Alors l’alerte « Les événements passés n'ont pas pu être chargés. »
    Quand Cliquer sur « Événements passés »
    Alors aucune alerte
    Quand Activer la période « Cette semaine »
    Alors dans « Période », le bouton « Cette semaine » enfoncé ; pas de bouton « Événements passés » ; pas de texte « Aucun événement cette semaine. »
    Quand Un ancien serveur répond avec tout l’agenda : 6 ligne(s)
    Alors aucune fiche d’événement ; le message « Chargement de l'agenda… » ; le texte « Aucun événement cette semaine. »
    Quand Taper « séance » dans le titre
    Alors « Rechercher un titre » contient « séance »
    Quand Cliquer sur « Rechercher »
    Alors aucun bouton enfoncé dans « Période »

  Scénario: agenda-16
    Étant donné que la page est ouverte
    Alors aucune fiche d’événement ; le message « Chargement de l'agenda… »
    Quand Le serveur répond avec une page de 1 événement(s), la dernière
    Alors 1 fiche d’événement, « Journée portes ouvertes » ; le message « 1 événement » ; le bouton « Événements passés »
    Quand Le serveur répond avec 2 catégorie(s)
    Alors rien ne change à l’écran
    Quand Activer la période « Cette semaine »
    Alors dans « Période », le bouton « Cette semaine » enfoncé ; pas de bouton « Événements passés » ; pas de texte « Aucun événement cette semaine. »
    Quand Un ancien serveur répond avec tout l’agenda : 6 ligne(s)
    Alors aucune fiche d’événement ; le message « Chargement de l'agenda… » ; le texte « Aucun événement cette semaine. »
    Quand Activer la catégorie « Séance plénière »
    Alors dans « Catégories », le bouton « Séance plénière » enfoncé ; pas de texte « Aucun événement cette semaine. »
    Quand Le serveur répond avec une page de 0 événement(s), la dernière
    Alors le texte « Aucun événement cette semaine. »
    Quand Désactiver la catégorie « Séance plénière »
    Alors aucun bouton enfoncé dans « Catégories » ; pas de texte « Aucun événement cette semaine. »
    Quand Un ancien serveur répond avec tout l’agenda : 6 ligne(s)
    Alors le texte « Aucun événement cette semaine. »
    Quand Activer la catégorie « Séance plénière »
    Alors dans « Catégories », le bouton « Séance plénière » enfoncé ; pas de texte « Aucun événement cette semaine. »
    Quand Le serveur répond avec une page de 0 événement(s), la dernière
    Alors le texte « Aucun événement cette semaine. »
    Quand Cliquer sur « Toutes les catégories »
    Alors aucun bouton enfoncé dans « Catégories » ; pas de texte « Aucun événement cette semaine. »

  Scénario: agenda-17
    Étant donné que la page est ouverte
    Alors aucune fiche d’événement ; le message « Chargement de l'agenda… »
    Quand Le serveur répond avec une page de 1 événement(s), la dernière
    Alors 1 fiche d’événement, « Journée portes ouvertes » ; le message « 1 événement » ; le bouton « Événements passés »
    Quand Le serveur répond avec 2 catégorie(s)
    Alors rien ne change à l’écran
    Quand Choisir le mois n° 12
    Alors « Mois » contient « 12 » ; pas de bouton « Événements passés »
    Quand Choisir « Tous les mois »
    Alors « Mois » vide
    Quand Le serveur répond avec une page de 3 événement(s)
    Alors 2 fiches d’événement, la première « Séance de fin d’année » ; le message « 2 événements » ; le bouton « Événements passés » ; le bouton « Afficher plus »
    Quand Cliquer sur « Afficher plus »
    Alors rien ne change à l’écran
    Quand L’appel de la page suivante échoue
    Alors l’alerte « Les événements suivants n'ont pas pu être chargés. »
    Quand Cliquer sur « Événements passés »
    Alors aucune alerte
    Quand L’appel des événements passés échoue
    Alors l’alerte « Les événements passés n'ont pas pu être chargés. »
    Quand Cliquer sur « Afficher plus »
    Alors aucune alerte
